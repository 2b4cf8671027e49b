import Image from "@tiptap/extension-image";
import { type ChainedCommands, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type ReactNode, useEffect, useRef } from "react";

type Props = {
  value: string;
  onChange(html: string): void;
  /** The id of the editable area (the form focuses it on a validation error). */
  id: string;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
};

function ToolbarButton({
  label,
  pressed,
  onClick,
  disabled,
  children,
}: {
  label: string;
  pressed: boolean;
  onClick(): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // A mouse click keeps the caret in the text; keyboard users still reach the button.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`min-w-9 rounded-md px-2.5 py-1.5 text-sm font-medium disabled:opacity-50 ${
        pressed
          ? "bg-slate-800 text-white dark:bg-slate-200 dark:text-slate-900"
          : "text-slate-800 hover:bg-slate-200 dark:text-slate-100 dark:hover:bg-slate-700"
      }`}
    >
      {children}
    </button>
  );
}

/**
 * The Rich Text Editor (TipTap). Browser only: `immediatelyRender: false`
 * keeps it out of the server render; the admin layout renders on the client.
 */
export function RichTextEditor({ value, onChange, id, labelledBy, describedBy, invalid }: Props) {
  // The HTML this editor last reported, so outside changes can be told apart.
  const lastHtml = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          protocols: ["http", "https", "mailto"],
        },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "prose-content min-h-64 px-3 py-2 focus:outline-none",
      },
    },
    onUpdate({ editor }) {
      const html = editor.getHTML();
      lastHtml.current = html;
      onChangeRef.current(html);
    },
  });

  // Attributes that change after creation (the error state).
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          id,
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelledBy,
          ...(describedBy ? { "aria-describedby": describedBy } : {}),
          ...(invalid ? { "aria-invalid": "true" } : {}),
          class: "prose-content min-h-64 px-3 py-2 focus:outline-none",
        },
      },
    });
  }, [editor, id, labelledBy, describedBy, invalid]);

  // Content set from outside (a loaded post): replace without an update event.
  useEffect(() => {
    if (!editor || value === lastHtml.current) return;
    lastHtml.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            h2: e.isActive("heading", { level: 2 }),
            h3: e.isActive("heading", { level: 3 }),
            bulletList: e.isActive("bulletList"),
            orderedList: e.isActive("orderedList"),
            link: e.isActive("link"),
            image: e.isActive("image"),
          }
        : null,
  });

  const addLink = () => {
    if (!editor) return;
    const previous = (editor.getAttributes("link").href as string | undefined) ?? "";
    const url = window.prompt("Enter the link URL", previous);
    if (url === null) return;
    const href = url.trim();
    const chain = editor.chain().focus().extendMarkRange("link");
    if (!href) {
      chain.unsetLink().run();
      return;
    }
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain
        .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
        .run();
      return;
    }
    chain.setLink({ href }).run();
  };

  const addImage = () => {
    if (!editor) return;
    const url = window.prompt("Enter the image URL");
    const src = url?.trim();
    if (!src) return;
    editor.chain().focus().setImage({ src, alt: "Uploaded image" }).run();
  };

  // The toolbar: each button's label, its pressed state, what it does and what it shows.
  // A label starts with the text the button shows (WCAG 2.5.3, label in name):
  // someone who speaks to the computer says what they see ("click H2").
  const toggle = (command: (chain: ChainedCommands) => ChainedCommands) => () => {
    if (editor) command(editor.chain().focus()).run();
  };
  const tools: [string, keyof NonNullable<typeof state>, () => void, ReactNode][] = [
    ["Bold", "bold", toggle((c) => c.toggleBold()), <strong key="b">B</strong>],
    ["Italic", "italic", toggle((c) => c.toggleItalic()), <em key="i">I</em>],
    ["H2 (heading 2)", "h2", toggle((c) => c.toggleHeading({ level: 2 })), "H2"],
    ["H3 (heading 3)", "h3", toggle((c) => c.toggleHeading({ level: 3 })), "H3"],
    ["Bullet list", "bulletList", toggle((c) => c.toggleBulletList()), "• List"],
    ["1. List (numbered list)", "orderedList", toggle((c) => c.toggleOrderedList()), "1. List"],
    ["Link", "link", addLink, "Link"],
    ["Image", "image", addImage, "Image"],
  ];

  return (
    <div
      className={`mt-1 rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand-strong/40 dark:bg-slate-900 ${
        invalid ? "border-red-600" : "border-slate-300 dark:border-slate-600"
      }`}
    >
      <fieldset className="flex min-w-0 flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1.5 dark:border-slate-700 dark:bg-slate-800">
        <legend className="sr-only">Formatting</legend>
        {tools.map(([label, active, run, text]) => (
          <ToolbarButton
            key={label}
            label={label}
            pressed={!!state?.[active]}
            disabled={!editor}
            onClick={run}
          >
            {text}
          </ToolbarButton>
        ))}
      </fieldset>
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        <div className="min-h-64 px-3 py-2 text-slate-600 dark:text-slate-300">
          Loading editor...
        </div>
      )}
    </div>
  );
}
