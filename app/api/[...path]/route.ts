import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";

// Any /api path we do not serve answers a 404 envelope (not the console's HTML page), whatever the
// method: the API router falls through to it when a path's own route lacks the method (issue 41).
const notFound = route({ role: "public" }, () => {
  throw new AppError("not_found", "not_found");
});
export {
  notFound as GET,
  notFound as POST,
  notFound as PUT,
  notFound as DELETE,
  notFound as PATCH,
  notFound as OPTIONS,
};
