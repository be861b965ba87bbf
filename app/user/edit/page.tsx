// /user/edit without an id: any signed-in user edits their own account (new-api's
// EditUser without an id), through PUT /api/user/self.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { SelfEditPageClient } from "@/modules/profile/components/self-edit-page-client";

export const generateMetadata = titleMetadata("users.edit_self");

export default headedPage(SelfEditPageClient, { title: "users.edit_self", description: "users.edit_self_description" });
