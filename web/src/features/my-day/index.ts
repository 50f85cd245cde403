/**
 * « Ma journée » (docs/product.md, « Ma journée »): the person's day in one view.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. The page loads on demand (app/my-day-screen.tsx).
 */
export { MyDaySidebarLink } from './components/my-day-sidebar-link';
