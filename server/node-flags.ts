/**
 * The Node options the server runs with, for a club's server with 1 GB of memory:
 * - `--max-semi-space-size=2`: Node sizes V8's young generation by the machine's memory (up to
 *   64 MB a semi-space), and the heap that grew while modules loaded was never given back. 2 MB
 *   (not 8) holds 13 MB less after start and 39 MB less at the bench's peak, for a third fewer
 *   signed-in requests per second (decision 011, "Memory").
 * - `--max-old-space-size=128`: V8 lets the old generation grow to a few hundred MB before it
 *   collects when the machine has memory to spare, and keeps what it grew to. The live heap is
 *   40 MB after start and 55-60 MB while 50 visitors load signed-in pages at once; V8 grows the
 *   heap at most halfway to this limit before collecting, so 128 (not 192) held 20-25 MB less
 *   at the bench's peak for the same requests per second. A single job that needs more than
 *   128 MB of objects at once fails with an out-of-memory error; backups and files stream.
 * - `--liftoff-only`: V8 compiles the embedded PostgreSQL (WebAssembly) with its baseline
 *   compiler only. Its optimizing compiler, tiering up PostgreSQL's largest functions, took
 *   about 550 MB for a moment after every start; requests per second did not change, as most
 *   pages read from the content cache instead of the database.
 * - `--no-concurrent-recompilation`: V8's optimizing compiler works on the main thread, one
 *   function at a time, instead of on up to four helper threads at once. Each helper's scratch
 *   memory went to a malloc arena of its own that kept it: 30 to 50 MB more at the bench's peak
 *   and 7 MB more after start, for no more requests per second on 2 cores.
 * - `--expose-gc`: the server runs one thorough collection once it is ready (server/main.ts),
 *   instead of waiting for V8's memory reducer.
 * `npm run serve` and docs/deploy/club-website.service repeat them (tests/unit/node-flags.test.ts).
 */
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=2",
  "--max-old-space-size=128",
  "--liftoff-only",
  "--no-concurrent-recompilation",
  "--expose-gc",
] as const;

/**
 * The environment the server runs with besides those options. `MALLOC_MMAP_THRESHOLD_`: glibc
 * takes a block of 128 KB or more straight from the system and gives it back when freed. By
 * default it raises that threshold after each such free (up to 32 MB) and then keeps what image
 * processing (libvips, and libaom encoding AVIF, on the thread pool's threads) freed in one
 * malloc arena per thread: eight 24 MP uploads in turn held 140 MB more, this way 60 MB at the
 * peak and nearly nothing after (docs/decisions/006-media.md).
 */
export const SERVER_ENVIRONMENT = { MALLOC_MMAP_THRESHOLD_: "131072" } as const;
