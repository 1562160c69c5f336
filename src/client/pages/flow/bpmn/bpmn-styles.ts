// bpmn-js draws nothing usable without its three style sheets (stack-notes trap 12);
// imported only by the lazily loaded canvases, so they stay out of the main chunk.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './bpmn-markers.css';
