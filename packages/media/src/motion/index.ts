export { fitClipArgs, maxMotionSeconds, motionClipArgs, motionFrames, type MotionClipOptions } from './motion.ts';
export { motionFrame } from './layers.ts';
export { motionFromPrompt, motionMoves, type MotionMove } from './moves.ts';
export { joinClipsArgs, joinedSeconds, lastFrameArgs, type JoinPart } from './join.ts';
export { segmentArgs, type SegmentSource } from './segment.ts';
export { captionAss, captionFontSize, captionText, joinedCaptions, maxCaptionLength, maxLabelLength, type CaptionEvent } from './caption.ts';
export { templateClipArgs, type TemplateClipOptions, type TemplatePlane } from './template.ts';
export { partOffset, partOverlay, puppetClipArgs, type Arrival, type PuppetClipOptions, type PuppetPart, type Wobble } from './puppet.ts';
export { defaultKineticLook, dotPath, headingFaceEms, headlineSize, kineticAss, kineticBand, roundedRectPath, starPath, strokePath, type KineticBlock, type KineticLook, type KineticShape } from './kinetic-type.ts';
