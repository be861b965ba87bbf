"use client";

// The per-channel model test dialog (800 px wide): test every model in
// batches (concurrency 1–10, default 3, 2 retries with back-off), cancel, retry or delete the failed
// ones (never all), or test one model. Results are kept locally for 24 hours.
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "sonner";
import { ModelTestTable } from "@/modules/channels/components/model-test-table";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { toList } from "@/lib/channel-rules";
import { ApiError } from "@/lib/client/api";
import { testChannelModel, type ChannelItem } from "@/modules/channels/client/api";
import { useUpdateChannel } from "@/modules/channels/client/hooks";
import {
  BATCH_DELAY_KEY,
  BATCH_DELAY_MAX,
  ChannelInvalid,
  clampBatchDelay,
  clampConcurrency,
  CONCURRENCY_DEFAULT,
  CONCURRENCY_MAX,
  CONCURRENCY_MIN,
  modelsWithoutFailed,
  readBatchDelay,
  readCachedResults,
  retryableModels,
  runModelTests,
  TestCancelled,
  writeCachedResults,
  type ModelTestResult,
  type RunProgress,
} from "@/modules/channels/client/model-test-runner";

const storage = () => (typeof window === "undefined" ? null : window.localStorage);

export function ModelTestDialog({ channel, onClose }: { channel: ChannelItem | null; onClose: () => void }) {
  const t = useTranslations("channels");
  const tc = useTranslations("common");
  return (
    <Dialog open={channel !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title={t("test_title", { name: channel?.name ?? "" })}
        closeLabel={tc("close")}
        className="max-w-[800px]"
      >
        {channel ? <ModelTester key={channel.id} channel={channel} /> : null}
      </DialogContent>
    </Dialog>
  );
}

const isValidChannel = (channel: ChannelItem) => Number.isInteger(channel.id) && channel.id > 0;

async function testOne(channelId: number, model: string, signal: AbortSignal) {
  try {
    const r = await testChannelModel(channelId, model, signal);
    return { success: true, time: r.time, message: "" };
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) throw new ChannelInvalid();
    if (err instanceof ApiError && err.kind === "failed") return { success: false, time: 0, message: err.message };
    throw err;
  }
}

function ModelTester({ channel }: { channel: ChannelItem }) {
  const t = useTranslations("channels");
  const [models, setModels] = useState(() => toList(channel.models));
  // Cached results of the last 24 h (the dialog's content only mounts in the browser, once opened).
  const [results, setResults] = useState<Record<string, ModelTestResult>>(() => {
    const store = storage();
    return store ? readCachedResults(store, channel.id) : {};
  });
  const [concurrency, setConcurrency] = useState(String(CONCURRENCY_DEFAULT));
  const [batchDelay, setBatchDelay] = useState(() => String(readBatchDelay(storage())));
  /** The delay as used: clamped, and remembered for the next opening. */
  const commitBatchDelay = () => {
    const ms = clampBatchDelay(Number(batchDelay));
    setBatchDelay(String(ms));
    storage()?.setItem(BATCH_DELAY_KEY, String(ms));
    return ms;
  };
  const [progress, setProgress] = useState<RunProgress | null>(null);
  const [testing, setTesting] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState("");
  const controller = useRef<AbortController | null>(null);
  const update = useUpdateChannel();
  const running = progress !== null;

  // Closing the dialog cancels a running test.
  useEffect(() => () => controller.current?.abort(), []);

  const record = (r: ModelTestResult) => {
    setResults((prev) => {
      const next = { ...prev, [r.model]: r };
      const store = storage();
      if (store) writeCachedResults(store, channel.id, next);
      return next;
    });
    setTesting((s) => {
      const n = new Set(s);
      n.delete(r.model);
      return n;
    });
  };

  const run = async (list: string[], kind: "all" | "retry" | "one") => {
    if (!isValidChannel(channel)) return void toast.error(t("test_invalid_channel"));
    if (list.length === 0) return void toast.error(kind === "retry" ? t("no_retryable") : t("no_models_to_test"));
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ completed: 0, total: list.length, current: list[0] ?? null });
    setTesting(new Set(list));
    try {
      const done = await runModelTests({
        models: list,
        concurrency: clampConcurrency(Number(concurrency)),
        batchDelayMs: commitBatchDelay(),
        signal: abort.signal,
        testOne: (m, signal) => testOne(channel.id, m, signal),
        onResult: record,
        onProgress: setProgress,
      });
      const ok = done.filter((r) => r.success).length;
      toast.success(t("test_done", { ok, failed: done.length - ok }));
    } catch (err) {
      if (err instanceof TestCancelled) toast.info(kind === "retry" ? t("retry_cancelled") : t("test_cancelled"));
      else if (err instanceof ChannelInvalid) toast.error(t("test_invalid_channel"));
      else toast.error(t("test_batch_error", { message: (err as Error).message }));
    } finally {
      controller.current = null;
      setProgress(null);
      setTesting(new Set());
    }
  };

  const deleteFailed = () => {
    const remaining = modelsWithoutFailed(models, Object.values(results));
    if (!remaining) return void toast.error(t("cannot_delete_all"));
    if (remaining.length === models.length) return void toast.error(t("no_failed_models"));
    update.mutate(
      { id: channel.id, models: remaining.join(",") },
      {
        onSuccess: () => {
          toast.success(t("failed_deleted", { count: models.length - remaining.length }));
          setModels(remaining);
        },
      },
    );
  };

  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q ? models.filter((m) => m.toLowerCase().includes(q)) : models;
  }, [models, filter]);
  const failedCount = models.filter((m) => results[m] && !results[m].success).length;

  if (models.length === 0)
    return (
      <p className="py-8 text-center text-sm text-muted" data-testid="model-test-empty">
        {t("no_models_to_test")}
      </p>
    );
  return (
    <div className="flex flex-col gap-3" data-testid="model-test-dialog">
      <div className="flex flex-wrap items-center gap-2">
        <label className="inline-flex items-center gap-2 text-sm">
          {t("concurrency")}
          <Input
            type="number"
            min={CONCURRENCY_MIN}
            max={CONCURRENCY_MAX}
            className="h-8 w-16"
            value={concurrency}
            disabled={running}
            onChange={(e) => setConcurrency(e.target.value)}
            onBlur={() => setConcurrency(String(clampConcurrency(Number(concurrency))))}
            data-testid="model-test-concurrency"
          />
        </label>
        <label className="inline-flex items-center gap-2 text-sm">
          {t("batch_delay")}
          <Input
            type="number"
            min={0}
            max={BATCH_DELAY_MAX}
            step={100}
            className="h-8 w-24"
            value={batchDelay}
            disabled={running}
            onChange={(e) => setBatchDelay(e.target.value)}
            onBlur={commitBatchDelay}
            data-testid="model-test-batch-delay"
          />
        </label>
        {running ? (
          <Button
            size="sm"
            variant="danger"
            onClick={() => controller.current?.abort()}
            data-testid="model-test-cancel"
          >
            {t("cancel_test")}
          </Button>
        ) : (
          <Button size="sm" onClick={() => void run(models, "all")} data-testid="model-test-all">
            {t("test_all_models")}
          </Button>
        )}
        <Button
          size="sm"
          variant="outline"
          disabled={running}
          onClick={() => void run(retryableModels(models.flatMap((m) => (results[m] ? [results[m]] : []))), "retry")}
          data-testid="model-test-retry"
        >
          {t("retry_failed")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={running || failedCount === 0}
          loading={update.isPending}
          onClick={deleteFailed}
          data-testid="model-test-delete-failed"
        >
          {t("delete_failed", { count: failedCount })}
        </Button>
        <Input
          className="h-8 w-full sm:ml-auto sm:w-48"
          placeholder={t("model_search")}
          aria-label={t("model_search")}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      {progress ? (
        <div className="flex flex-col gap-1" data-testid="model-test-progress">
          <div className="h-1.5 overflow-hidden rounded bg-surface-muted">
            <div
              className="h-full bg-primary transition-all"
              style={{ width: `${(progress.completed / Math.max(1, progress.total)) * 100}%` }}
            />
          </div>
          <span className="text-xs text-muted">
            {t("test_progress", { done: progress.completed, total: progress.total, model: progress.current ?? "" })}
          </span>
        </div>
      ) : null}
      <ModelTestTable
        models={shown}
        results={results}
        testing={testing}
        disabled={running}
        onTest={(m) => void run([m], "one")}
      />
    </div>
  );
}
