/**
 * The right to disconnect (docs/product.md, « Droit à la déconnexion »): « Heures de travail » in
 * the settings, the composer's warning before sending to someone outside their working time,
 * and the « Urgent » mark. The public face of this feature (docs/architecture.md, "Web"): other
 * features and app/ import it only through this file. The console's section
 * (components/admin-section.tsx) loads on demand and is not re-exported here.
 */
export { WorkingHoursCard } from './components/working-hours-card';
export { disconnectMessageExtension } from './message-extension';
