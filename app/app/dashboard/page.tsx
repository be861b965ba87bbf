// /app/dashboard: usage over time from the hourly aggregate (an entry of the side navigation).
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { DashboardClient } from "@/modules/logs/components/dashboard/dashboard-client";

export const generateMetadata = titleMetadata("dashboard.title");

export default headedPage(DashboardClient, { title: "dashboard.title", description: "dashboard.description" });
