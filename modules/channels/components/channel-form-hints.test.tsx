// The channel form's per-type fields come from the vendor catalogue (lib/channel-types.ts form
// hints), not from type numbers in the component.
import { screen } from "@testing-library/react";
import { ChannelFormFields } from "@/modules/channels/components/channel-form-fields";
import { emptyChannelForm } from "@/modules/channels/client/channel-form";
import { mockFetch, renderAuth, zh } from "@/test-support/components/render-auth";

const t = zh.channels as Record<string, string>;
const server = zh.server as Record<string, string>;

/** errors: the drawer's translated schema messages by field. */
function renderType(type: number, errors: Record<string, string> = {}) {
  mockFetch({ body: { success: true, message: "", data: ["default"] } });
  return renderAuth(
    <ChannelFormFields
      values={{ ...emptyChannelForm(), type }}
      onChange={() => undefined}
      action="create"
      editId={null}
      errors={errors}
    />,
  );
}

test("OpenAI: base URL, organization field, no `other` field, one-line key", () => {
  renderType(1);
  expect(screen.getByLabelText(t.field_base_url!)).toBeInTheDocument();
  expect(screen.getByLabelText(t.field_organization!)).toBeInTheDocument();
  expect(document.getElementById("channel-other")).toBeNull();
  expect(screen.getByTestId("channel-key").tagName).toBe("INPUT");
});

test("Custom: the base URL is the full URL; no organization field", () => {
  renderType(8);
  expect(screen.getByLabelText(t.field_full_url!)).toBeInTheDocument();
  expect(screen.queryByLabelText(t.field_organization!)).toBeNull();
});

test("Azure asks for the API version, Spark for its model version, Vertex for a region and a JSON key", () => {
  const { unmount } = renderType(3);
  expect(screen.getByLabelText(t.other_api_version!)).toBeInTheDocument();
  unmount();
  const spark = renderType(18);
  expect(screen.getByLabelText(t.other_spark_version!)).toBeInTheDocument();
  spark.unmount();
  renderType(41);
  expect(screen.getByLabelText(t.other_region!)).toBeInTheDocument();
  expect(screen.getByTestId("channel-key").tagName).toBe("TEXTAREA");
});

test("setup notes: Bedrock, Vertex, Azure, Dify and Coze say what their key and settings are; OpenAI has none", () => {
  const notes: [number, string][] = [
    [33, t.setup_bedrock!],
    [41, t.setup_vertex!],
    [3, t.setup_azure!],
    [37, t.setup_dify!],
    [49, t.setup_coze!],
    [55, t.setup_video!],
  ];
  for (const [type, note] of notes) {
    const { unmount } = renderType(type);
    expect([type, screen.getByTestId("channel-type-setup").textContent]).toEqual([type, note]);
    unmount();
  }
  renderType(49);
  expect(screen.getByLabelText(t.other_bot_id!)).toBeInTheDocument();
});

test("OpenAI has no setup note", () => {
  renderType(1);
  expect(screen.queryByTestId("channel-type-setup")).toBeNull();
});

test("a missing Bedrock region is shown under the region field, a bad Vertex key under the key", () => {
  const { unmount } = renderType(33, { other: server.channel_region_required! });
  expect(document.getElementById("channel-other-error")?.textContent).toBe(server.channel_region_required);
  unmount();
  renderType(41, { key: server.channel_vertex_key_invalid! });
  expect(document.getElementById("channel-key-error")?.textContent).toBe(server.channel_vertex_key_invalid);
  expect(screen.getByTestId("channel-key")).toHaveAttribute("aria-invalid", "true");
});

test("a type without an adapter warns up front; once a save is refused, the error replaces the warning", () => {
  const { unmount } = renderType(15);
  expect(screen.getByText(t.type_not_relayed!)).toBeInTheDocument();
  unmount();
  renderType(15, { type: server.channel_type_unsupported! });
  expect(document.getElementById("channel-type-error")?.textContent).toBe(server.channel_type_unsupported);
  expect(screen.queryByText(t.type_not_relayed!)).toBeNull();
});

test("Bedrock's region field asks for one AWS region, not Vertex's JSON map", () => {
  renderType(33);
  expect(screen.getByLabelText(t.other_aws_region!)).toHaveAttribute("placeholder", t.other_aws_region_placeholder);
});
