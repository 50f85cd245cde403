/**
 * The e-mail of what one missed while away (docs/product.md, « E-mail récapitulatif »): its
 * settings card. The public face of this feature (docs/architecture.md, "Web").
 */
export { DigestSettingsCard } from './components/digest-settings-card';
