// /user/edit without an id: one edits one's own account in the personal settings.
import { redirect } from "next/navigation";

export default function EditSelfRedirect() {
  redirect("/app/me");
}
