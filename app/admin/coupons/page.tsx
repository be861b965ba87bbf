// /admin/coupons (the spec keeps the URL): redemption codes; the admin layout guards it.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { RedemptionsPageClient } from "@/modules/redemptions/components/redemptions-page-client";

export const generateMetadata = titleMetadata("redemptions.title");

export default headedPage(RedemptionsPageClient, {
  title: "redemptions.title",
  description: "redemptions.description",
});
