import { RESOURCES, type TResourceDef } from "@crew/contracts";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router-dom";
import type { TCan } from "../session/use-session";
import { RouteFallback } from "./RouteFallback";
import { screenConfigOf, type TScreenConfig } from "./screen-config";
import type { TScreenOverrides, TScreenProps } from "./screen-registry";

/*
 * Everything below loads on demand: the shell imports this module for its route table, and
 * the login page must not pay for the screens.
 */
const ResourceListScreen: ComponentType<TScreenProps> = lazy(() =>
  import("./list/ResourceListScreen").then((m) => ({ default: m.ResourceListScreen })),
);
const ResourceDetailsScreen: ComponentType<TScreenProps> = lazy(() =>
  import("./details/ResourceDetailsScreen").then((m) => ({ default: m.ResourceDetailsScreen })),
);
const ResourceFormRoute = lazy(() =>
  import("./form/ResourceFormRoute").then((m) => ({ default: m.ResourceFormRoute })),
);
const DetailsEditRoute = lazy(() =>
  import("./form/ResourceFormRoute").then((m) => ({ default: m.DetailsEditRoute })),
);
const DeleteRoute = lazy(() => import("./form/DeleteRoute").then((m) => ({ default: m.DeleteRoute })));
const RelatedFormRoute = lazy(() =>
  import("./details/RelatedDialogs").then((m) => ({ default: m.RelatedFormRoute })),
);
const RelatedDeleteRoute = lazy(() =>
  import("./details/RelatedDialogs").then((m) => ({ default: m.RelatedDeleteRoute })),
);

const page = (key: string, node: ReactNode): ReactNode => (
  <Suspense key={key} fallback={<RouteFallback />}>
    {node}
  </Suspense>
);
// Dialogs load over a list that is already on screen: no placeholder page behind them.
const dialog = (node: ReactNode): ReactNode => <Suspense fallback={null}>{node}</Suspense>;

/**
 * Routes of one resource (spec 2.1, 2.4): read gives the list and details (with its tabs),
 * update the new and edit dialogs, delete the delete confirmation. Dialogs are children of
 * the list (or of the details tab, for the lists under a record) so it stays on screen, with
 * its page and filter, under them.
 */
export const routesOfResource = (
  def: TResourceDef,
  can: TCan,
  overrides: TScreenOverrides = {},
): RouteObject[] => {
  if (!def.route || !can(def.permission, "read")) return [];
  const override = overrides[def.type] ?? {};
  const config: TScreenConfig = screenConfigOf(def, override.messages);
  const base = config.base;
  if (override.Page) {
    const Page = override.Page;
    return [{ path: base, element: page(def.type, <Page config={config} />) }];
  }
  const List = override.List ?? ResourceListScreen;
  const Details = override.Details ?? ResourceDetailsScreen;
  const children: RouteObject[] = [];
  if (can(def.permission, "update")) {
    children.push(
      { path: "new", element: dialog(<ResourceFormRoute key="new" config={config} mode="create" />) },
      // Spec 2.2 also names {base}/{id}/new: the same new form.
      { path: ":id/new", element: dialog(<ResourceFormRoute key="new" config={config} mode="create" />) },
      { path: ":id/edit", element: dialog(<ResourceFormRoute key="edit" config={config} mode="update" />) },
    );
  }
  const Archive = override.Archive;
  if (Archive && can(def.permission, "update"))
    children.push({ path: ":id/delete", element: dialog(<Archive config={config} />) });
  if (can(def.permission, "delete")) {
    // v_delete (spec 2.4) is the same confirmation under the other name the spec's links use (the removal, where /delete archives).
    children.push(
      ...(Archive ? [] : [{ path: ":id/delete", element: dialog(<DeleteRoute config={config} />) }]),
      { path: ":id/v_delete", element: dialog(<DeleteRoute config={config} />) },
    );
  }
  // Dialogs of the lists under a record's tabs (`/crew-users/5/notes/new`); each checks the child's own permission.
  const related: RouteObject[] = [
    { path: "new", element: dialog(<RelatedFormRoute key="new" parentConfig={config} mode="create" />) },
    {
      path: ":childId/edit",
      element: dialog(<RelatedFormRoute key="edit" parentConfig={config} mode="update" />),
    },
    { path: ":childId/delete", element: dialog(<RelatedDeleteRoute parentConfig={config} />) },
    // Spec 2.2: {base}/{id}/{tab}/edit, the record's form over its details.
    ...(can(def.permission, "update")
      ? [{ path: "edit", element: dialog(<DetailsEditRoute config={config} />) }]
      : []),
    // The record's delete (or archive) over its details: Esc returns to the tab (issue 22.7).
    ...(Archive && can(def.permission, "update")
      ? [{ path: "delete", element: dialog(<Archive config={config} />) }]
      : can(def.permission, "delete")
        ? [{ path: "delete", element: dialog(<DeleteRoute config={config} />) }]
        : []),
  ];
  return [
    { path: base, element: page(`${def.type}:list`, <List config={config} />), children },
    { path: `${base}/:id`, element: <Navigate to="details" replace /> },
    // {base}/:id/details and the other tabs (the lists under the record, its history).
    {
      path: `${base}/:id/:tab`,
      element: page(`${def.type}:details`, <Details config={config} />),
      children: related,
    },
  ];
};

/** Routes of every resource definition that has a `route`, as far as the user may use them; `overrides` from the app. */
export const resourceRoutes = (can: TCan, overrides: TScreenOverrides = {}): RouteObject[] =>
  Object.values(RESOURCES).flatMap((def) => routesOfResource(def, can, overrides));
