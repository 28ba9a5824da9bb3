// The frame of the personal centre and the shop manager: a side menu of grouped links (the current one
// marked), the page beside it.
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Link } from './link';

/** An entry may carry a count (a badge) and the words that say what it counts. */
export interface SideMenuGroup { key: string; title: string; items: ReadonlyArray<{ key: string; label: string; badge?: { n: number; label: string } }> }

export interface SideMenuFrameProps {
  /** the menu's accessible name */
  label: string;
  /** above the groups: who or whose shop this is */
  name: ReactNode;
  groups: readonly SideMenuGroup[];
  /** the entries' paths are `${base}/${key}` */
  base: string;
  current: string;
  className?: string;
}

export function SideMenuFrame({ label, name, groups, base, current, className }: SideMenuFrameProps) {
  return (
    <div className={`person${className ? ` ${className}` : ''}`}>
      <nav className="person__menu" aria-label={label}>
        <p className="person__name">{name}</p>
        {groups.filter((g) => g.items.length > 0).map((g) => (
          <div key={g.key} className="person__group">
            <h2 className="person__group-title">{g.title}</h2>
            <ul>
              {g.items.map((entry) => (
                <li key={entry.key}>
                  <Link
                    to={`${base}/${entry.key}`}
                    className={`person__link${entry.key === current ? ' is-active' : ''}`}
                    aria-current={entry.key === current ? 'page' : undefined}
                    data-menu-key={entry.key}
                  >
                    {entry.label}
                    {entry.badge && entry.badge.n > 0 ? (
                      <span className="person__badge" title={entry.badge.label} data-badge={entry.badge.n}>
                        <span aria-hidden="true">{entry.badge.n > 99 ? '99+' : entry.badge.n}</span><span className="visually-hidden">{entry.badge.label}</span>
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="person__content">
        <Outlet />
      </div>
    </div>
  );
}
