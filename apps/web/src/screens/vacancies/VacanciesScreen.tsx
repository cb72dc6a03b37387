import { ResourceListScreen } from "../../resources/list/ResourceListScreen";
import type { TScreenProps } from "../../resources/screen-registry";

/** /vacancies (spec 002 §2): the generic list, its search text kept under vacancies.search. */
export const VacanciesScreen = ({ config }: TScreenProps) => (
  <ResourceListScreen config={config} persistSearch />
);
