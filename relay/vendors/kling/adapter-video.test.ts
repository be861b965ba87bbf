// Kling's JWT (new-api's createJWTTokenWithKey): HS256 over {iss: AccessKey, exp: now + 1800,
// nbf: now - 5} with the SecretKey; an sk- key (another gateway) is sent as it is.
import { createHmac } from "node:crypto";
import { klingToken, klingVideo } from "@/relay/vendors/kling/adapter-video";

test("the token is an HS256 JWT signed with the secret key, valid from 5 s ago for 30 minutes", () => {
  const now = 1_700_000_000_000;
  const token = klingToken(" ak-1 | sk-secret ", now);
  const [head, body, sig] = token.split(".");
  expect(JSON.parse(Buffer.from(head!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
  expect(JSON.parse(Buffer.from(body!, "base64url").toString())).toEqual({
    iss: "ak-1",
    exp: 1_700_001_800,
    nbf: 1_699_999_995,
  });
  expect(sig).toBe(createHmac("sha256", "sk-secret").update(`${head}.${body}`).digest("base64url"));
  expect(klingToken("sk-other-gateway")).toBe("sk-other-gateway");
});

test("text or image to video by the reference; the sk- key goes to another gateway's /kling paths", async () => {
  const job = { upstreamModel: "kling-v1", prompt: "p", seconds: 0, size: "1280x720", fields: {}, files: [], json: {} };
  const text = await klingVideo.submit({ baseUrl: "https://k.example/", key: "a|b", other: "" }, job);
  expect(text.url).toBe("https://k.example/v1/videos/text2video");
  expect(JSON.parse(String(text.body))).toMatchObject({
    model_name: "kling-v1",
    duration: "5",
    aspect_ratio: "16:9",
    mode: "std",
  });
  const image = await klingVideo.submit(
    { baseUrl: "https://k.example", key: "sk-x", other: "" },
    { ...job, json: { image: "https://i/x.png" } },
  );
  expect(image.url).toBe("https://k.example/kling/v1/videos/image2video");
  expect(image.headers.authorization).toBe("Bearer sk-x");
  expect((await klingVideo.poll({ baseUrl: "https://k.example", key: "a|b", other: "" }, "t1", "generate")).url).toBe(
    "https://k.example/v1/videos/image2video/t1",
  );
  expect(
    klingVideo.parsePoll({
      code: 0,
      data: { task_status: "succeed", task_result: { videos: [{ url: "https://cdn/v.mp4" }] } },
    }),
  ).toEqual({
    status: "SUCCESS",
    progress: 100,
    reason: "",
    resultUrl: "https://cdn/v.mp4",
  });
  expect(klingVideo.parsePoll({ code: 0, data: { task_status: "weird" } })).toBeNull();
});
