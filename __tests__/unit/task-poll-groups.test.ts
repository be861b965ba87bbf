// Both task pollers (Midjourney, Suno) group their unfinished rows by channel and fail the ones
// submitted before the timeout cutoff instead of polling them.
import { groupForPoll } from "@/relay/tasks/refund-task";

test("rows are grouped by channel in order; rows older than the cutoff time out instead", async () => {
  const rows = [
    { id: 1, channelId: 7, submitTime: 500n },
    { id: 2, channelId: 7, submitTime: 50n },
    { id: 3, channelId: 9, submitTime: 0n }, // no submit time: never times out
    { id: 4, channelId: 7, submitTime: 100n }, // exactly the cutoff: still polled
  ];
  const timedOut: number[] = [];
  const groups = await groupForPoll(rows, 100, async (row) => void timedOut.push(row.id));
  expect(timedOut).toEqual([2]);
  expect([...groups].map(([channel, list]) => [channel, list.map((r) => r.id)])).toEqual([
    [7, [1, 4]],
    [9, [3]],
  ]);
});
