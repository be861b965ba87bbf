// The vendor catalogue's rows, one line per vendor (its folder's entry.ts): adding a vendor is its
// folder plus one line here (README "Adding a vendor"). Data only, imported by the browser's channel
// form too. The order of the lines does not matter: the catalogue sorts by each row's listOrder.

export { entry as aiProxyLibrary } from "@/relay/vendors/ai-proxy-library/entry";
export { entry as ai360 } from "@/relay/vendors/ai360/entry";
export { entry as anthropic } from "@/relay/vendors/anthropic/entry";
export { entry as azure } from "@/relay/vendors/azure/entry";
export { entry as baidu } from "@/relay/vendors/baidu/entry";
export { entry as baiduV2 } from "@/relay/vendors/baidu-v2/entry";
export { entry as bedrock } from "@/relay/vendors/bedrock/entry";
export { entry as cloudflare } from "@/relay/vendors/cloudflare/entry";
export { entry as cohere } from "@/relay/vendors/cohere/entry";
export { entry as coze } from "@/relay/vendors/coze/entry";
export { entry as custom } from "@/relay/vendors/custom/entry";
export { entry as dashscope } from "@/relay/vendors/dashscope/entry";
export { entry as deepseek } from "@/relay/vendors/deepseek/entry";
export { entry as doubaoVideo } from "@/relay/vendors/doubao-video/entry";
export { entry as dify } from "@/relay/vendors/dify/entry";
export { entry as fastgpt } from "@/relay/vendors/fastgpt/entry";
export { entry as gemini } from "@/relay/vendors/gemini/entry";
export { entry as jimeng } from "@/relay/vendors/jimeng/entry";
export { entry as jina } from "@/relay/vendors/jina/entry";
export { entry as kling } from "@/relay/vendors/kling/entry";
export { entry as lingyiwanwu } from "@/relay/vendors/lingyiwanwu/entry";
export { entry as midjourney } from "@/relay/vendors/midjourney/entry";
export { entry as midjourneyPlus } from "@/relay/vendors/midjourney-plus/entry";
export { entry as minimax } from "@/relay/vendors/minimax/entry";
export { entry as mistral } from "@/relay/vendors/mistral/entry";
export { entry as mokaai } from "@/relay/vendors/mokaai/entry";
export { entry as moonshot } from "@/relay/vendors/moonshot/entry";
export { entry as ollama } from "@/relay/vendors/ollama/entry";
export { entry as openai } from "@/relay/vendors/openai/entry";
export { entry as openrouter } from "@/relay/vendors/openrouter/entry";
export { entry as perplexity } from "@/relay/vendors/perplexity/entry";
export { entry as siliconflow } from "@/relay/vendors/siliconflow/entry";
export { entry as sora } from "@/relay/vendors/sora/entry";
export { entry as suno } from "@/relay/vendors/suno/entry";
export { entry as tencent } from "@/relay/vendors/tencent/entry";
export { entry as vertex } from "@/relay/vendors/vertex/entry";
export { entry as vidu } from "@/relay/vendors/vidu/entry";
export { entry as volcengine } from "@/relay/vendors/volcengine/entry";
export { entry as xai } from "@/relay/vendors/xai/entry";
export { entry as xinference } from "@/relay/vendors/xinference/entry";
export { entry as xunfei } from "@/relay/vendors/xunfei/entry";
export { entry as zhipu } from "@/relay/vendors/zhipu/entry";
export { entry as zhipuV4 } from "@/relay/vendors/zhipu-v4/entry";
