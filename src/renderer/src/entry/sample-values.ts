/** Well-formed GTINs of each length, for trying Demo without a list of one's own. */
export const SAMPLE_GTINS = ['00012345678905', '4006381333931', '036000291452', '96385074', '00614141000012', '0070038000563'] as const
