// /app/dashboard: usage over time from the hourly aggregate (spec 1 §2 side nav; §9.4).
import { headedPage, titleMetadata } from "@/components/layout/headed-page";
import { DashboardClient } from "@/modules/logs/components/dashboard/dashboard-client";

export const generateMetadata = titleMetadata("dashboard.title");

export default headedPage(DashboardClient, { title: "dashboard.title", description: "dashboard.description" });
