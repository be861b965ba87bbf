// Modules that exist only in the bundled server (scripts/build-server.mjs generates them).

// The console API's route table (scripts/api-route-table.mjs).
declare module "gateway:api-routes" {
  export const API_ROUTES: import("@/server/http/api-router").ApiRouteEntry[];
}
