// /admin/users: user administration; the admin layout guards it.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { UsersPageClient } from "@/modules/users/components/users-page-client";

export const generateMetadata = titleMetadata("users.title");

export default headedPage(UsersPageClient, { title: "users.title", description: "users.description" });
