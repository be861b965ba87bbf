// The wallet module's door for other modules' client code (eslint.config.mjs, "doors"): whether
// online payment is on (and its methods), and the POST form that sends the browser to the gateway,
// which plans bought online reuse.
export { useTopupInfo } from "@/modules/wallet/client/topup/use-topup-info";
export { submitPaymentForm } from "@/modules/wallet/client/topup/submit-payment-form";
