// /pricing: the public model price list.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { PricingClient } from "@/modules/pricing/components/pricing-client";

export const generateMetadata = titleMetadata("pricing.title");

export default headedPage(PricingClient, {
  title: "pricing.title",
  description: "pricing.description",
  contained: true,
});
