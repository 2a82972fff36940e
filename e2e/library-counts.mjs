/**
 * The media library the e2e servers share, baked once by `npm test`: every still (the stock search pages through
 * two pages of 80), every track, and the first two loops and backgrounds (Minecraft first), which is all a flow
 * picks. The 18 backgrounds and 20 loops in full took both cores for half an hour of CI while the unit tests ran.
 */
export const e2eLibraryCounts = 'videos=2,backgrounds=2';
