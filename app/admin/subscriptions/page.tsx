// /admin/subscriptions: the subscription plan editor and the per-user view; the admin layout guards it.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { PlansAdminPageClient } from "@/modules/subscriptions/components/plans-admin-page-client";

export const generateMetadata = titleMetadata("subscriptions.title");

export default headedPage(PlansAdminPageClient, {
  title: "subscriptions.title",
  description: "subscriptions.description",
});
