// Pure rules behind /app/me: the check-in reward range, the server-local date, the model
// tags folding after 10, and the client checks of the transfer, password and delete
// dialogs.
import { checkInRewardRange, pickCheckInReward, serverLocalDate } from "@/modules/profile/server/check-in-rules";
import { visibleModelTags } from "@/modules/profile/client/model-tags";
import { affTransferIssue, changePasswordFormSchema, deleteConfirmationMatches } from "@/modules/profile/client/forms";

describe("check-in reward", () => {
  test("max 0 (unset) gives exactly CheckInQuota and draws nothing", () => {
    const random = jest.fn(() => 0);
    expect(pickCheckInReward(500000, 0, random)).toBe(500000);
    expect(random).not.toHaveBeenCalled();
  });

  test("a max at or below the minimum gives the minimum", () => {
    expect(pickCheckInReward(500000, 500000)).toBe(500000);
    expect(pickCheckInReward(500000, 1000)).toBe(500000);
    expect(checkInRewardRange(500000, 1000)).toEqual([500000, 500000]);
  });

  test("a max above the minimum draws in [min, max] inclusive", () => {
    const random = jest.fn((lo: number, hi: number) => hi - 1);
    expect(pickCheckInReward(500000, 1000000, random)).toBe(1000000);
    expect(random).toHaveBeenCalledWith(500000, 1000001);
    for (let i = 0; i < 2000; i++) {
      const r = pickCheckInReward(10, 13);
      expect(Number.isInteger(r) && r >= 10 && r <= 13).toBe(true);
    }
    const seen = new Set(Array.from({ length: 400 }, () => pickCheckInReward(10, 13)));
    expect([...seen].sort()).toEqual([10, 11, 12, 13]);
  });

  test("negative, fractional or non-numeric options are clamped to whole non-negative quota", () => {
    expect(checkInRewardRange(-5, 0)).toEqual([0, 0]);
    expect(checkInRewardRange(10.7, 20.2)).toEqual([10, 20]);
    expect(checkInRewardRange(NaN, NaN)).toEqual([0, 0]);
  });

  test("huge ranges beyond crypto.randomInt still stay in range", () => {
    const r = pickCheckInReward(0, 2 ** 52);
    expect(r >= 0 && r <= 2 ** 52 && Number.isInteger(r)).toBe(true);
  });

  test("the server-local date is YYYY-MM-DD of local time", () => {
    expect(serverLocalDate(new Date(2031, 0, 5, 23, 59))).toBe("2031-01-05");
    expect(serverLocalDate(new Date(2031, 11, 31, 0, 0))).toBe("2031-12-31");
  });
});

describe("model tags", () => {
  const models = Array.from({ length: 13 }, (_, i) => `m${i}`);
  test("fold after 10", () => {
    expect(visibleModelTags(models, false)).toEqual({ visible: models.slice(0, 10), hidden: 3 });
    expect(visibleModelTags(models, true)).toEqual({ visible: models, hidden: 0 });
    expect(visibleModelTags(models.slice(0, 10), false)).toEqual({ visible: models.slice(0, 10), hidden: 0 });
  });
});

describe("dialog checks", () => {
  test("transfer: positive whole amount, at least one unit, at most the pending invite quota", () => {
    const limits = { min: 500000, max: 1200000 };
    expect(affTransferIssue(NaN, limits)).toBe("transfer_invalid");
    expect(affTransferIssue(0, limits)).toBe("transfer_invalid");
    expect(affTransferIssue(600000.5, limits)).toBe("transfer_invalid");
    expect(affTransferIssue(499999, limits)).toBe("transfer_min");
    expect(affTransferIssue(1200001, limits)).toBe("transfer_max");
    expect(affTransferIssue(500000, limits)).toBeNull();
    expect(affTransferIssue(1200000, limits)).toBeNull();
  });

  test("password change: confirmation must match (两次输入的密码不一致！), current password needed", () => {
    const mismatch = changePasswordFormSchema(true).safeParse({
      original_password: "old-pass-1",
      password: "new-pass-1",
      password2: "new-pass-2",
    });
    expect(mismatch.success).toBe(false);
    expect(mismatch.error!.issues.map((i) => [i.path[0], i.message])).toEqual([["password2", "me.password_mismatch"]]);
    const noOriginal = changePasswordFormSchema(true).safeParse({
      original_password: "",
      password: "new-pass-1",
      password2: "new-pass-1",
    });
    expect(noOriginal.error!.issues[0]!.message).toBe("me.original_password_required");
    const short = changePasswordFormSchema(true).safeParse({
      original_password: "x",
      password: "short",
      password2: "short",
    });
    expect(short.error!.issues[0]!.message).toBe("password_too_short");
    expect(
      changePasswordFormSchema(true).safeParse({
        original_password: "x",
        password: "new-pass-1",
        password2: "new-pass-1",
      }).success,
    ).toBe(true);
    // an account created through a sign-in provider sets its first password without a current one
    expect(
      changePasswordFormSchema(false).safeParse({
        original_password: "",
        password: "new-pass-1",
        password2: "new-pass-1",
      }).success,
    ).toBe(true);
  });

  test("delete: the own username, exactly (surrounding spaces ignored)", () => {
    expect(deleteConfirmationMatches("", "bob")).toBe(false);
    expect(deleteConfirmationMatches("Bob", "bob")).toBe(false);
    expect(deleteConfirmationMatches(" bob ", "bob")).toBe(true);
  });
});
