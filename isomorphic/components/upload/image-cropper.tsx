// The image cropper of SPEC §2 on cropperjs 2 (web components, styles inside them): drag to move the
// image, zoom with the wheel or buttons, rotate, an optional fixed ratio; the result is a data URL or a
// blob. cropperjs is imported when the cropper opens, never with the page.
import { useEffect, useRef, useState } from 'react';
import { useWords } from '../use-words';
import { uploadWords } from './upload.words';

export interface ImageCropperProps {
  src: string;
  /** width / height of the crop frame; free when absent */
  aspectRatio?: number;
  output?: 'dataURL' | 'blob';
  /** longest side of the result in pixels */
  maxSide?: number;
  onDone(result: string | Blob): void;
  onCancel?(): void;
}

interface CropperImageElement extends HTMLElement { $rotate(a: number | string): unknown; $zoom(s: number): unknown; $center(size?: string): unknown; $resetTransform(): unknown }
interface CropperSelectionElement extends HTMLElement { $toCanvas(o?: { width?: number; height?: number }): Promise<HTMLCanvasElement>; $reset(): unknown }
interface CropperInstance { getCropperImage(): CropperImageElement | null; getCropperSelection(): CropperSelectionElement | null; destroy(): void }

function template(aspectRatio?: number): string {
  const ratio = aspectRatio && Number.isFinite(aspectRatio) && aspectRatio > 0 ? ` aspect-ratio="${aspectRatio}" initial-aspect-ratio="${aspectRatio}"` : '';
  const handles = ['n', 'e', 's', 'w', 'ne', 'nw', 'se', 'sw'].map((d) => `<cropper-handle action="${d}-resize"></cropper-handle>`).join('');
  return '<cropper-canvas background class="cropper__canvas">'
    + '<cropper-image rotatable scalable translatable></cropper-image>'
    + '<cropper-shade hidden></cropper-shade>'
    + '<cropper-handle action="move" plain></cropper-handle>'
    + `<cropper-selection initial-coverage="0.8" movable resizable outlined${ratio}>`
    + '<cropper-grid role="grid" bordered covered></cropper-grid>'
    + '<cropper-crosshair centered></cropper-crosshair>'
    + '<cropper-handle action="move" theme-color="rgba(255, 255, 255, 0.35)"></cropper-handle>'
    + handles
    + '</cropper-selection></cropper-canvas>';
}

export default function ImageCropper({ src, aspectRatio, output = 'dataURL', maxSide = 2000, onDone, onCancel }: ImageCropperProps) {
  const w = useWords(uploadWords);
  const host = useRef<HTMLDivElement>(null);
  const cropper = useRef<CropperInstance | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const container = host.current;
    if (!container) return;
    void import(/* webpackChunkName: "cropperjs" */ 'cropperjs').then(({ default: Cropper }) => {
      if (cancelled) return;
      const image = new Image();
      image.src = src;
      image.alt = '';
      cropper.current = new Cropper(image, { container, template: template(aspectRatio) }) as unknown as CropperInstance;
      setReady(true);
    });
    return () => {
      cancelled = true;
      cropper.current?.destroy();
      cropper.current = null;
      container.replaceChildren();
    };
  }, [src, aspectRatio]);

  const image = () => cropper.current?.getCropperImage();

  async function confirm() {
    const selection = cropper.current?.getCropperSelection();
    if (!selection) return;
    const { width, height } = selection as unknown as { width: number; height: number };
    const scale = Math.min(1, maxSide / Math.max(width || 1, height || 1));
    const canvas = await selection.$toCanvas(scale < 1 ? { width: Math.round(width * scale), height: Math.round(height * scale) } : undefined);
    if (output === 'blob') canvas.toBlob((blob) => { if (blob) onDone(blob); }, 'image/png');
    else onDone(canvas.toDataURL('image/png'));
  }

  return (
    <div className="cropper">
      <p className="cropper__help">{w.cropHelp}</p>
      <div className="cropper__stage" ref={host} aria-busy={!ready} />
      <div className="cropper__tools" role="toolbar" aria-label={w.cropTitle}>
        <button type="button" className="button button--small" disabled={!ready} onClick={() => image()?.$zoom(0.1)}>{w.zoomIn}</button>
        <button type="button" className="button button--small" disabled={!ready} onClick={() => image()?.$zoom(-0.1)}>{w.zoomOut}</button>
        <button type="button" className="button button--small" disabled={!ready} onClick={() => image()?.$rotate('-90deg')}>{w.rotateLeft}</button>
        <button type="button" className="button button--small" disabled={!ready} onClick={() => image()?.$rotate('90deg')}>{w.rotateRight}</button>
        <button type="button" className="button button--small" disabled={!ready} onClick={() => { image()?.$resetTransform(); image()?.$center('contain'); cropper.current?.getCropperSelection()?.$reset(); }}>{w.reset}</button>
      </div>
      <div className="cropper__foot">
        {onCancel ? <button type="button" className="button" onClick={onCancel}>{w.cancel}</button> : null}
        <button type="button" className="button button--primary" disabled={!ready} onClick={() => void confirm()}>{w.confirm}</button>
      </div>
    </div>
  );
}
