// Migrations in order; the same steps run on SQLite and PostgreSQL. Add new ones at the end.
import type { MigrationStep } from './helpers';
import { catalogue } from './2026112201-catalogue';
import { accounts } from './2026112202-accounts';
import { orders } from './2026112205-orders';
import { imageSearch } from './2026112206-image-search';
import { catalogueSearch } from './2026112207-catalogue-search';
import { searchPublicId } from './2026112208-search-public-id';
import { shop } from './2026112318-shop';
import { settlement } from './2026112319-settlement';
import { platform } from './2026112320-platform';
import { notification } from './2026112321-notification';
import { searchJobOwner } from './2026112410-search-job-owner';
import { customQuote } from './2026112440-custom-quote';
import { purchase } from './2026112441-purchase';
import { catalogueSeller } from './2026112442-catalogue-seller';
import { supply } from './2026112443-supply';
import { enquiry } from './2026112450-enquiry';
import { purchaseMatching } from './2026112451-purchase-matching';
import { patternCopy } from './2026112452-pattern-copy';
import { productWeight } from './2026112453-product-weight';
import { searchTerms } from './2026112470-search-terms';
import { purchaseResponseProduct } from './2026112471-purchase-response-product';
import { displayUnit } from './2026112472-display-unit';
import { searchVocab } from './2026112473-search-vocab';
import { patternCopyCheck } from './2026112480-pattern-copy-check';
import { searchFilterColumns } from './2026112485-search-filter-columns';

export const migrations: MigrationStep[] = [catalogue, accounts, orders, imageSearch, catalogueSearch, searchPublicId, shop, settlement, platform, notification, searchJobOwner, customQuote, purchase, catalogueSeller, supply, enquiry, purchaseMatching, patternCopy, productWeight, searchTerms, purchaseResponseProduct, displayUnit, searchVocab, patternCopyCheck, searchFilterColumns];
