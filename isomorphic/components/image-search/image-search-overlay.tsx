// The image-search overlay of SPEC §2, opened from the header (its code loads when it first opens):
// the photo-search panel in a dialog that closes by its button, Escape and the backdrop (not while the
// cropper is open, where a stray click would lose the frame). Closing it cancels a search still running;
// a finished search opens its results page.
import { useCallback, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router';
import { useStores } from '../../stores/root.store';
import { Modal } from '../modal';
import { useWords } from '../use-words';
import { imageSearchWords } from './image-search.words';
import { PhotoSearchPanel } from './photo-search-panel';

export default observer(function ImageSearchOverlay() {
  const w = useWords(imageSearchWords);
  const { imageSearch } = useStores();
  const navigate = useNavigate();
  const [cropping, setCropping] = useState(false);
  const close = useCallback(() => imageSearch.close(), [imageSearch]);
  return (
    <Modal open={imageSearch.showSearch} title={w.title} onClose={close} closeOnBackdrop={!cropping}>
      <PhotoSearchPanel
        onCroppingChange={setCropping}
        onFinished={(id) => {
          imageSearch.close();
          void navigate(`/homePicSearch?searchId=${id}`);
        }}
      />
    </Modal>
  );
});
