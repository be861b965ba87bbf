// /admin/messages: send, search, edit and delete inbox messages.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { AdminMessagesPanel } from "@/modules/messages/components/admin/admin-messages-panel";

export const generateMetadata = titleMetadata("admin_messages.title");

export default headedPage(AdminMessagesPanel, {
  title: "admin_messages.title",
  description: "admin_messages.description",
});
