// The channel form's per-type fields come from the vendor catalogue (lib/channel-types.ts form
// hints), not from type numbers in the component.
import { screen } from "@testing-library/react";
import { ChannelFormFields } from "@/modules/channels/components/channel-form-fields";
import {
  emptyChannelForm,
  type ChannelFormError,
  type ChannelFormValues,
} from "@/modules/channels/client/channel-form";
import { mockFetch, renderAuth, zh } from "./render-auth";

const t = zh.channels as Record<string, string>;

function renderType(type: number, error: ChannelFormError | null = null) {
  mockFetch({ body: { success: true, message: "", data: ["default"] } });
  return renderAuth(
    <ChannelFormFields
      values={{ ...emptyChannelForm(), type }}
      onChange={() => undefined}
      action="create"
      editId={null}
      error={error}
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
  const { unmount } = renderType(33, "region_required");
  expect(document.getElementById("channel-other-error")?.textContent).toBe(t.error_region_required);
  unmount();
  renderType(41, "vertex_key_invalid");
  expect(document.getElementById("channel-key-error")?.textContent).toBe(t.error_vertex_key_invalid);
  expect(screen.getByTestId("channel-key")).toHaveAttribute("aria-invalid", "true");
});

test("a type without an adapter warns up front; once a save is refused, the error replaces the warning", () => {
  const { unmount } = renderType(15);
  expect(screen.getByText(t.type_not_relayed!)).toBeInTheDocument();
  unmount();
  renderType(15, "type_unsupported");
  expect(document.getElementById("channel-type-error")?.textContent).toBe(t.error_type_unsupported);
  expect(screen.queryByText(t.type_not_relayed!)).toBeNull();
});

test("Bedrock's region field asks for one AWS region, not Vertex's JSON map", () => {
  renderType(33);
  expect(screen.getByLabelText(t.other_aws_region!)).toHaveAttribute("placeholder", t.other_aws_region_placeholder);
});

test("请填写渠道名称和渠道密钥！ is shown under the field that is empty", () => {
  const render = (patch: Partial<ChannelFormValues>) =>
    renderAuth(
      <ChannelFormFields
        values={{ ...emptyChannelForm(), ...patch }}
        onChange={() => undefined}
        action="create"
        editId={null}
        error="name_key_required"
      />,
    );
  const under = () => ["channel-name", "channel-key"].map((id) => document.getElementById(`${id}-error`)?.textContent);
  mockFetch({ body: { success: true, message: "", data: ["default"] } });
  const keyEmpty = render({ name: "n", key: "" });
  expect(under()).toEqual([undefined, t.error_name_key_required]);
  expect(screen.getByTestId("channel-key")).toHaveAttribute("aria-invalid", "true");
  keyEmpty.unmount();
  render({ name: "", key: "sk-1" });
  expect(under()).toEqual([t.error_name_key_required, undefined]);
  expect(screen.getByTestId("channel-key")).not.toHaveAttribute("aria-invalid");
});
