// GET /api/verify/status – whether this session holds a fresh verification (and until when), and the proofs the account can give
import { route } from "@/lib/server/http/route";
import { verificationStatus } from "@/modules/security/server/verification/secure-verification";

export const GET = route({ role: "user" }, ({ user }) => verificationStatus(user));
