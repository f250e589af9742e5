import type { StoreGroup } from '../../../shared/settings'

/** Well-formed GTINs of each length, for trying Demo without a list of one's own. */
export const SAMPLE_GTINS = ['00012345678905', '4006381333931', '036000291452', '96385074', '00614141000012', '0070038000563'] as const

/** Five Demo stores with different habits (the Demo API gives each its own mix), so the Stores and Matrix views have something to compare. */
export const SAMPLE_STORE_GROUP: StoreGroup = { name: 'Demo sample stores', stores: [1234, 1235, 2001, 3050, 4100] }
