import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Home" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return {};
}

export default function Home() {
  return <h1>Home</h1>;
}
