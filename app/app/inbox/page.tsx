// /app/inbox: the user's messages.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { InboxList } from "@/modules/messages/components/inbox/inbox-list";

export const generateMetadata = titleMetadata("admin_messages.inbox.title");

export default headedPage(InboxList, {
  title: "admin_messages.inbox.title",
  description: "admin_messages.inbox.description",
});
