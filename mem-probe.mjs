const r=()=>Math.round(process.memoryUsage().rss/1e6);
const {PGlite}=await import('@electric-sql/pglite');
const mem = Number(process.argv[3]||0);
const db=await PGlite.create(process.argv[2], mem ? {initialMemory: mem*1024*1024} : {});
console.log('mem',mem,'created',r());
await db.query('create table if not exists t(id serial primary key, v text)');
for (let i=0;i<50;i++) await db.query("insert into t(v) select repeat('x',1000) from generate_series(1,1000)");
await db.query('select count(*) from t');
console.log('after 50k rows',r(), process.memoryUsage());
