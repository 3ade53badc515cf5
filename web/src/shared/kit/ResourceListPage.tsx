import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { Muted, Row } from '../ui/layout';
import { ResourceList, type FilterSpec, type ResourceListProps } from './ResourceList';
import { useResourceList, type ListResource, type ResourceListState } from './useResourceList';

type AnyFilter = Readonly<Record<string, string>>;

export interface PageHeaderProps {
  readonly title: string;
  /** The tab's title, when it is not the heading's text. */
  readonly documentTitle?: string;
  /** One line on what the screen is for, under the title. */
  readonly intro?: ReactNode;
  /** Beside the title: the screen's main action ("Nuevo proyecto"). */
  readonly actions?: ReactNode;
}

/** A back-office screen's heading: the h1 (and the tab's title), its main action beside it and one line under it. */
export function PageHeader({ title, documentTitle, intro, actions }: PageHeaderProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <>
      {actions ? (
        <Row $justify="space-between" $align="center">
          <h1>{title}</h1>
          {actions}
        </Row>
      ) : (
        <h1>{title}</h1>
      )}
      {intro && <Muted>{intro}</Muted>}
    </>
  );
}

export interface ResourceListPageProps<T, F extends AnyFilter, S extends string>
  extends PageHeaderProps, Omit<ResourceListProps<T, F, S>, 'list' | 'caption' | 'filters'> {
  /** How the URL reads and how one page is fetched (useResourceList). */
  readonly resource: ListResource<T, F, S>;
  /** The table's caption: the title unless told. */
  readonly caption?: string;
  /** A FilterForm's fields, or filters drawn from the list (a FilterBar bound to `list.setFilter`). */
  readonly filters?: FilterSpec<F> | ((list: ResourceListState<T, F, S>) => ReactNode);
}

/**
 * A whole list screen: heading, filters in the URL, CSV export, the table with its states and pagination.
 * A section's list is its columns, its filters and this one element.
 */
export function ResourceListPage<T, F extends AnyFilter, S extends string>({
  title,
  documentTitle,
  intro,
  actions,
  resource,
  caption,
  filters,
  ...table
}: ResourceListPageProps<T, F, S>) {
  const list = useResourceList(resource);
  return (
    <>
      <PageHeader title={title} documentTitle={documentTitle} intro={intro} actions={actions} />
      <ResourceList {...table} list={list} caption={caption ?? title} filters={typeof filters === 'function' ? filters(list) : filters} />
    </>
  );
}
