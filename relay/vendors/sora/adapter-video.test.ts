// Sora's submit as new-api's sora adaptor builds it: the channel's model (mapping applied) replaces the
// client's, in JSON and in the rebuilt multipart form; Azure's path and api-key header.
import { createSoraVideo } from "@/relay/vendors/sora/adapter-video";

const job = {
  upstreamModel: "sora-2",
  prompt: "p",
  seconds: 8,
  size: "1792x1024",
  fields: { model: "my-deployment", prompt: "p", seconds: "8" },
  files: [{ field: "input_reference", filename: "r.png", contentType: "image/png", data: Buffer.from("png") }],
  json: null,
};

test("multipart: the mapped model replaces the client's, the file is passed on", async () => {
  const call = await createSoraVideo({ azure: false }).submit(
    { baseUrl: "https://api.example/", key: "k", other: "" },
    job,
  );
  expect(call.url).toBe("https://api.example/v1/videos");
  expect(call.headers.authorization).toBe("Bearer k");
  const form = await new Request("http://x", {
    method: "POST",
    headers: { "content-type": call.headers["content-type"]! },
    body: new Uint8Array(call.body as Buffer),
  }).formData();
  expect(form.getAll("model")).toEqual(["sora-2"]);
  expect(form.get("seconds")).toBe("8");
  const file = form.get("input_reference") as File;
  expect([file.name, file.type, Buffer.from(await file.arrayBuffer()).toString()]).toEqual([
    "r.png",
    "image/png",
    "png",
  ]);
});

test("JSON on Azure: /openai/v1/videos, api-key, the mapped model; seconds and HD size priced as new-api", async () => {
  const sora = createSoraVideo({ azure: true });
  const call = await sora.submit(
    { baseUrl: "https://res.openai.azure.com", key: "k", other: "" },
    { ...job, files: [], json: { model: "dep", prompt: "p" } },
  );
  expect(call.url).toBe("https://res.openai.azure.com/openai/v1/videos");
  expect(call.headers).toMatchObject({ "api-key": "k", "content-type": "application/json" });
  expect(JSON.parse(String(call.body))).toEqual({ model: "sora-2", prompt: "p" });
  expect(sora.ratios({ seconds: 8, size: "1792x1024", upstreamModel: "sora-2-pro", json: null })).toEqual({
    seconds: 8,
    size: 1.666667,
  });
  expect(sora.ratios({ seconds: 0, size: "", upstreamModel: "sora-2", json: null })).toEqual({ seconds: 4, size: 1 });
});
