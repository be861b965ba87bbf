// EPay signatures (modules/wallet/server/payments/epay): the signed text, the MD5, verification in constant
// time, and the purchase form the browser posts to the gateway.
import { buildEpayPurchase, epaySubmitUrl } from "@/modules/wallet/server/payments/epay/purchase";
import { epaySign, epaySignContent, signEpayParams, verifyEpaySign } from "@/modules/wallet/server/payments/epay/sign";

const KEY = "secret-key";
const notice = {
  type: "alipay",
  pid: "1001",
  out_trade_no: "USR1NOabc1231700000000",
  name: "TUC10",
  money: "73.00",
  notify_url: "http://x/api/user/epay/notify",
  return_url: "",
  sign_type: "MD5",
  sign: "ignored",
};

describe("epaySignContent / epaySign", () => {
  test("sorted by key, k=v joined by &, empty values and sign/sign_type left out", () => {
    expect(epaySignContent(notice)).toBe(
      "money=73.00&name=TUC10&notify_url=http://x/api/user/epay/notify&out_trade_no=USR1NOabc1231700000000&pid=1001&type=alipay",
    );
  });

  test("MD5 of the content with the key appended (a vector computed with md5sum)", () => {
    expect(epaySign(notice, KEY)).toBe("c1a0c3ae98149582f1764bb694aa168c");
  });

  test("the order of the input does not matter; byte order of keys is used", () => {
    const reversed = Object.fromEntries(Object.entries(notice).reverse());
    expect(epaySign(reversed, KEY)).toBe(epaySign(notice, KEY));
    expect(epaySignContent({ b: "1", B: "2", a_b: "3", a: "4" })).toBe("B=2&a=4&a_b=3&b=1");
  });
});

describe("verifyEpaySign", () => {
  const signed = signEpayParams(notice, KEY);

  test("a correctly signed notice verifies, also with an upper-case signature", () => {
    expect(signed.sign_type).toBe("MD5");
    expect(signed.sign).toBe("c1a0c3ae98149582f1764bb694aa168c");
    expect(verifyEpaySign(signed, KEY)).toBe(true);
    expect(verifyEpaySign({ ...signed, sign: signed.sign!.toUpperCase() }, KEY)).toBe(true);
  });

  test("any tampered field, an added field, another key or a bad signature fails", () => {
    expect(verifyEpaySign({ ...signed, money: "0.01" }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...signed, out_trade_no: "USR2NOxyz" }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...signed, trade_status: "TRADE_SUCCESS" }, KEY)).toBe(false);
    expect(verifyEpaySign(signed, "other-key")).toBe(false);
    expect(verifyEpaySign({ ...signed, sign: "c1a0c3ae98149582f1764bb694aa168d" }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...signed, sign: "c1a0" }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...signed, sign: "" }, KEY)).toBe(false);
    const { sign: _omit, ...unsigned } = signed;
    expect(verifyEpaySign(unsigned, KEY)).toBe(false);
  });

  test("an empty key verifies nothing, not even a signature made with the empty key", () => {
    const withEmptyKey = signEpayParams(notice, "");
    expect(verifyEpaySign(withEmptyKey, "")).toBe(false);
  });

  test("a sign_type other than MD5 is refused", () => {
    expect(verifyEpaySign({ ...signed, sign_type: "RSA" }, KEY)).toBe(false);
    expect(verifyEpaySign({ ...signed, sign_type: "md5" }, KEY)).toBe(true);
  });
});

describe("buildEpayPurchase", () => {
  test("posts to {PayAddress}/submit.php with the signed fields", () => {
    const { url, params } = buildEpayPurchase(
      { address: "https://pay.example.com/", pid: "1001", key: KEY },
      {
        type: "wxpay",
        tradeNo: "USR7NOAbCdEf1700000000",
        name: "TUC10",
        money: "73.00",
        notifyUrl: "https://gw.example.com/api/user/epay/notify",
        returnUrl: "https://gw.example.com/app/wallet/topup-success",
      },
    );
    expect(url).toBe("https://pay.example.com/submit.php");
    expect(params).toMatchObject({
      pid: "1001",
      type: "wxpay",
      out_trade_no: "USR7NOAbCdEf1700000000",
      notify_url: "https://gw.example.com/api/user/epay/notify",
      return_url: "https://gw.example.com/app/wallet/topup-success",
      name: "TUC10",
      money: "73.00",
      sign_type: "MD5",
    });
    expect(verifyEpaySign(params, KEY)).toBe(true);
    expect(epaySubmitUrl("http://127.0.0.1:9000")).toBe("http://127.0.0.1:9000/submit.php");
  });
});
