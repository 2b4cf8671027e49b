import { data } from "react-router";
import { Link } from "#app/components/ui/link.tsx";
import { GalleryViewer } from "#app/features/gallery/gallery-viewer.tsx";
import { pageMeta, rootFromMatches } from "#app/lib/seo.ts";
import { STATIC_PAGE } from "#app/lib/static-page.ts";
import { siteServicesContext } from "#common/site-context.ts";
import type { Route } from "./+types/gallery";

/** Server-rendered only: no React in the browser (decision 034). */
export const handle = STATIC_PAGE;

export async function loader({ context }: Route.LoaderArgs) {
  try {
    const images = await context.get(siteServicesContext).gallery.listGalleryImages();
    return { ok: true as const, images };
  } catch (error) {
    console.error("gallery: failed to load", error);
    return data({ ok: false as const, images: [] }, { status: 500 });
  }
}

export function meta({ matches, loaderData: loaded }: Route.MetaArgs) {
  return pageMeta({
    title: "Gallery",
    description: "A look at our work, our team and our office.",
    image: loaded?.images[0]?.url,
    root: rootFromMatches(matches),
    path: "/gallery",
  });
}

export default function Gallery({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-4xl font-bold">Gallery</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">
        A look at our work, our team and our office.
      </p>
      <div className="mt-10">
        {!loaderData.ok ? (
          <p role="alert">Failed to load gallery data. Please try again later.</p>
        ) : loaderData.images.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">No images in the gallery yet.</p>
        ) : (
          <GalleryViewer images={loaderData.images} />
        )}
      </div>
      <section className="mt-16 rounded-xl bg-slate-100 p-10 text-center dark:bg-slate-800">
        <h2 className="text-2xl font-bold">Like what you see?</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-200">
          Let's talk about what we can build together.
        </p>
        <Link to="/contact" className="btn-primary mt-6">
          Contact Us
        </Link>
      </section>
    </div>
  );
}
