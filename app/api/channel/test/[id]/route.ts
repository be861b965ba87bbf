import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/server/http/route";
import { idParam } from "@/lib/server/http/params";
import { testChannel } from "@/modules/channels/server/test-channel";

// GET /api/channel/test/{id}?model= – test one channel; answers {success, message, time}; admin
export const GET = route(
  { role: "admin", changesState: true, query: z.object({ model: z.string().max(200).optional() }) },
  async ({ user, params, query, t }) => {
    const result = await testChannel(user, idParam(params), query.model, t);
    // new-api clients read the top-level fields; the console reads data like every other call.
    return NextResponse.json({ ...result, data: { time: result.time } });
  },
);
