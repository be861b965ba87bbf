// Default model suggestions of the vendor catalogue (lib/channel-types.ts), kept apart so the table
// itself stays readable.

export const OPENAI_MODELS = [
  "gpt-4o",
  "gpt-4o-mini",
  "gpt-4.1",
  "gpt-4.1-mini",
  "gpt-4.1-nano",
  "o3-mini",
  "o4-mini",
  "gpt-3.5-turbo",
  "text-embedding-3-small",
  "text-embedding-3-large",
  "dall-e-3",
  "whisper-1",
  "tts-1",
];

export const MJ_BASIC = [
  "mj_imagine",
  "mj_variation",
  "mj_reroll",
  "mj_blend",
  "mj_upscale",
  "mj_describe",
  "mj_upload",
];

export const MJ_PLUS = [
  "swap_face",
  ...MJ_BASIC,
  "mj_video",
  "mj_edits",
  "mj_zoom",
  "mj_shorten",
  "mj_modal",
  "mj_inpaint",
  "mj_custom_zoom",
  "mj_high_variation",
  "mj_low_variation",
  "mj_pan",
];

export const CLAUDE_MODELS = [
  "claude-3-5-haiku-20241022",
  "claude-3-5-sonnet-20241022",
  "claude-3-7-sonnet-20250219",
  "claude-sonnet-4-20250514",
  "claude-opus-4-20250514",
];

export const GEMINI_MODELS = [
  "gemini-2.5-pro",
  "gemini-2.5-flash",
  "gemini-2.0-flash",
  "gemini-1.5-pro",
  "gemini-1.5-flash",
];
