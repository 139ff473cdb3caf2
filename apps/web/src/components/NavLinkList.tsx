import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";

/** A navigation's links, one list item each (`<ul><li><NavLink>`): the headers' menus, a console's sections. */
export function NavLinkList<Item extends { to: string }>({
  items,
  label,
  className,
  end,
}: {
  items: readonly Item[];
  label: (item: Item) => ReactNode;
  /** The links' class; a function of the item and whether it is current replaces NavLink's own `active`. */
  className: string | ((item: Item, isActive: boolean) => string);
  /** Whether an item is current only at its exact address (the home page). */
  end?: (item: Item) => boolean;
}) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={end?.(item)}
            className={
              typeof className === "string" ? className : ({ isActive }) => className(item, isActive)
            }
          >
            {label(item)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
