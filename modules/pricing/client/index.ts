// The pricing module's door for other modules' client code (eslint.config.mjs, "doors"). Pricing owns
// the ratio rules; the settings page's ratio editor edits the options with them.
export {
  applyBatch,
  applyRow,
  checkBatch,
  checkRowDraft,
  completionRatioFromPrices,
  draftFromRow,
  inputPriceFromRatio,
  outputPriceFromRatios,
  ratioFromInputPrice,
  removeRow,
  rowFromDraft,
  rowsFromMaps,
  unsetModels,
  type BatchValues,
  type PriceMap,
  type PricingMaps,
  type PricingRow,
  type RowDraft,
} from "@/modules/pricing/ratios/pricing-editor";
export { fillFromPreset } from "@/modules/pricing/ratios/preset-fill";
export { PRESET_SOURCES, type PresetRatios, type PresetSource } from "@/modules/pricing/ratios/preset-ratios";
export { useFetchUpstreamRatios, useSyncChannels } from "@/modules/pricing/client/ratio-sync-api";
export {
  OFFICIAL_PRESET,
  OFFICIAL_PRESET_ID,
  RATIO_OPTION,
  RATIO_TYPES,
  type DifferenceItem,
  type RatioDifferences,
  type RatioSyncResult,
  type RatioType,
  type SyncableChannel,
  type UpstreamValue,
} from "@/modules/pricing/ratios/ratio-sync";
