// /app/logs/api-usage: usage logs; admins see everyone's.
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { UsageLogsClient } from "@/modules/logs/components/usage/usage-logs-client";

export const generateMetadata = titleMetadata("logs.title");

export default headedPage(UsageLogsClient, { title: "logs.title", description: "logs.description" });
