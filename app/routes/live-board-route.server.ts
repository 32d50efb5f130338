import { data, type LoaderFunctionArgs } from "react-router";
import { appContext } from "~/core/context";
import { publicLiveBoard } from "~/features/live-contests/live-contests.server";

/** The live page's and the projector's loader: the contest's public board (nothing the freeze hides), or 404. */
export async function liveBoardLoader({ context, params }: LoaderFunctionArgs) {
  const board = await publicLiveBoard(context.get(appContext).db, params.slug ?? "");
  if (!board) throw data(null, { status: 404 });
  return board;
}
