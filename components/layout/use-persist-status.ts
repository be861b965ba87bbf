"use client";

import { useEffect } from "react";
import type { StatusData } from "@/lib/server/site-status";
import { getStoredValue, setStoredValue } from "@/lib/client/storage";

/**
 * Mirrors the status into localStorage under the keys new-api's console keeps there (status,
 * footer_html, chats, ...), for parity with pages and scripts that read them there. The collapse
 * flag is the user's own choice, so the site default only seeds it.
 */
export function usePersistStatus(status: StatusData): void {
  useEffect(() => {
    setStoredValue("status", JSON.stringify(status));
    setStoredValue("footer_html", status.footer_html);
    setStoredValue("enable_data_export", String(status.enable_data_export));
    setStoredValue("enable_drawing", String(status.enable_drawing));
    setStoredValue("enable_task", String(status.enable_task));
    setStoredValue("chats", JSON.stringify(status.chats));
    if (getStoredValue("default_collapse_sidebar") === null) {
      setStoredValue("default_collapse_sidebar", String(status.default_collapse_sidebar));
    }
  }, [status]);
}
