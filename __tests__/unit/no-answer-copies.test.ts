// No client file keeps a hand-written copy of a server answer (issue 38 item 4): fetchers take the
// answer type from the route (`RouteAnswer<typeof GET>`), so a renamed or added field reaches the
// console through tsc instead of drifting. The probe plants the copy this check exists for.
import { answerCopies, type Copy } from "@/test-support/answer-copies";

const describeCopy = ({ client, server }: Copy) =>
  `${client.file}:${client.line} ${client.name} copies ${server.file}:${server.line} (${server.name})`;

// The TokenItem the tokens page declared by hand before the wire contract (the DTO minus user_id).
const COPIED_TOKEN_ITEM = `
export type TokenItem = {
  id: number;
  name: string;
  key: string;
  status: number;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  used_quota: number;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string;
  allow_ips: string;
  group: string;
  rate_limit_enabled: boolean;
  rate_limit_period: number;
  rate_limit_count: number;
  rate_limit_success: number;
};
`;

test("no client type copies a server answer, and a planted copy of TokenItem is found", () => {
  const probe = "modules/tokens/client/copied-answer-probe.ts";
  const copies = answerCopies({ [probe]: COPIED_TOKEN_ITEM });
  const found = copies.filter((c) => c.client.file === probe);
  expect(found.map(describeCopy)).toEqual([
    expect.stringMatching(
      /^modules\/tokens\/client\/copied-answer-probe\.ts:2 TokenItem copies modules\/tokens\/server\/dto\.ts:\d+/,
    ),
  ]);
  expect(copies.filter((c) => c.client.file !== probe).map(describeCopy)).toEqual([]);
});
