import { useEffect, useState } from "react";
import { apiData, failureText } from "#app/lib/api.ts";
import type { ImportJob } from "#common/schemas/imports.ts";

const POLL_MS = 1000;

/**
 * A started job, asked for again every second while it runs (the server
 * keeps its progress on the job's row, so any worker answers); `track`
 * follows a new one. A job already running when the screen opens is followed.
 */
export function useImportJob() {
  const [job, setJob] = useState<ImportJob | null>(null);
  const [error, setError] = useState("");
  const running = job?.status === "running";
  const id = job?.id;

  // A job started before this screen opened (another tab, the command line) is followed too.
  useEffect(() => {
    let stopped = false;
    apiData<ImportJob[]>("/imports")
      .then((jobs) => {
        if (!stopped && jobs[0]?.status === "running") setJob((current) => current ?? jobs[0]!);
      })
      .catch(() => {
        // Nothing to follow: the screen works without it.
      });
    return () => {
      stopped = true;
    };
  }, []);

  useEffect(() => {
    if (!running || id === undefined) return;
    let stopped = false;
    const timer = setInterval(async () => {
      try {
        const next = await apiData<ImportJob>(`/imports/${id}`);
        if (stopped) return;
        setError("");
        setJob(next);
      } catch (e) {
        // Asked again on the next turn: a busy moment of the server is no failure of the job.
        if (!stopped) setError(failureText("", e));
      }
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [running, id]);

  return {
    job,
    error,
    track(next: ImportJob | null) {
      setError("");
      setJob(next);
    },
  };
}
