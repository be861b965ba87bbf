import { route } from "@/lib/server/http/route";
import { generateAccessToken } from "@/lib/server/services/users/generate-access-token";

// GET /api/user/token – issue a new system access token (the previous one stops working)
export const GET = route({ role: "user" }, ({ user }) => generateAccessToken(user.id));
