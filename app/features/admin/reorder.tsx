import { useEffect, useState } from "react";
import { RowButton } from "#app/features/admin/ui.tsx";
import { failureText } from "#app/lib/api.ts";
import type { ApiMutation } from "#app/lib/use-api-mutation.ts";

type Direction = -1 | 1;

/**
 * Up/Down ordering of an admin list, saved at once: the list moves first, the
 * server's order replaces it (or the old one comes back on a failure), a live
 * text says where the item went, and the keyboard stays on the moved item's
 * arrow (`{idPrefix}-{id}-up` / `-down`), or the other one once it reached an end.
 */
export function useReorder<T extends { id: number }>({
  items,
  setItems,
  save,
  idPrefix,
  nameOf,
  failed,
  mutation,
  showError,
}: {
  items: readonly T[];
  setItems(items: T[]): void;
  /** Saves the order and answers the list as the server keeps it. */
  save(ids: number[]): Promise<T[]>;
  idPrefix: string;
  nameOf(item: T): string;
  /** The spec's failure text, before the server's reason. */
  failed: string;
  mutation: ApiMutation;
  showError(text: string): void;
}) {
  const [announcement, setAnnouncement] = useState("");
  const [refocus, setRefocus] = useState<{ id: number; direction: Direction } | null>(null);
  const moving = mutation.isBusy("order");

  // After a move the list renders again: the focus goes back to the arrow (a DOM matter).
  useEffect(() => {
    if (!refocus || moving) return;
    const { id, direction } = refocus;
    const same = document.getElementById(`${idPrefix}-${id}-${direction === -1 ? "up" : "down"}`);
    const other = document.getElementById(`${idPrefix}-${id}-${direction === -1 ? "down" : "up"}`);
    const target = same instanceof HTMLButtonElement && !same.disabled ? same : other;
    target?.focus();
    setRefocus(null);
  }, [refocus, moving, idPrefix]);

  async function move(item: T, direction: Direction) {
    const from = items.findIndex((i) => i.id === item.id);
    const to = from + direction;
    if (from < 0 || to < 0 || to >= items.length) return;
    const previous = [...items];
    const next = [...items];
    [next[from], next[to]] = [next[to]!, next[from]!];
    setItems(next);
    await mutation.run(
      async () => {
        const saved = await save(next.map((i) => i.id));
        setItems(saved);
        const position = saved.findIndex((i) => i.id === item.id) + 1;
        setAnnouncement(`${nameOf(item)} moved to position ${position} of ${saved.length}`);
      },
      {
        key: "order",
        onError(error) {
          setItems(previous);
          showError(failureText(failed, error));
        },
      },
    );
    setRefocus({ id: item.id, direction });
  }

  /** The Up and Down buttons of an item (each waits while the order is saved). */
  function buttons(item: T) {
    const position = items.findIndex((i) => i.id === item.id);
    return (
      <>
        <RowButton
          id={`${idPrefix}-${item.id}-up`}
          aria-label={`Move ${nameOf(item)} up`}
          disabled={moving || position === 0}
          onClick={() => void move(item, -1)}
        >
          ↑ Up
        </RowButton>
        <RowButton
          id={`${idPrefix}-${item.id}-down`}
          aria-label={`Move ${nameOf(item)} down`}
          disabled={moving || position === items.length - 1}
          onClick={() => void move(item, 1)}
        >
          ↓ Down
        </RowButton>
      </>
    );
  }

  return { move, buttons, announcement, moving };
}
