(function(){
  var table=document.getElementById('meshes');
  var tbody=table.tBodies[0];
  var rows=Array.prototype.slice.call(tbody.rows);
  var heads=table.tHead.rows[0].cells;
  var head=document.querySelector('header');
  table.classList.add('js');
  function place(){document.documentElement.style.setProperty('--head',head.offsetHeight+'px');}
  window.addEventListener('resize',place);
  // Sort keys: a cell's data-v (numbers) or its text, read once per column.
  var keys={};
  function key(col,numeric){
    if(!keys[col]){keys[col]=rows.map(function(r){
      var c=r.cells[col];var v=c.getAttribute('data-v');if(v===null)v=c.textContent.trim();
      return numeric?Number(v):v;});}
    return keys[col];
  }
  // Text sorts the way people read names: case-insensitive, digits by value (mesh_9 < mesh_10).
  var collator=new Intl.Collator(undefined,{numeric:true,sensitivity:'base'});
  var order=rows.map(function(r,i){return i;});
  var fStatus=document.getElementById('f-status'),fFormat=document.getElementById('f-format');
  var fText=document.getElementById('f-text'),fPage=document.getElementById('f-page');
  var shown=document.getElementById('shown'),prev=document.getElementById('prev'),next=document.getElementById('next');
  var text=rows.map(function(r){return (r.getAttribute('data-name')+' '+r.getAttribute('data-input')).toLowerCase();});
  var matching=[],page=0,visible=[];
  function pageSize(){var n=Number(fPage.value);return n>0?n:Infinity;}
  function show(){
    var size=pageSize(),pages=Math.max(1,Math.ceil(matching.length/size));
    page=Math.min(Math.max(page,0),pages-1);
    var from=size===Infinity?0:page*size,to=Math.min(matching.length,from+size);
    visible.forEach(function(i){rows[i].hidden=true;});
    visible=matching.slice(from,to);
    visible.forEach(function(i){rows[i].hidden=false;});
    table.setAttribute('data-matching',matching.length);
    shown.textContent=(matching.length?(from+1)+'\u2013'+to+' of ':'0 of ')+matching.length+' matching ('+rows.length+' in all)';
    prev.disabled=page===0;next.disabled=page>=pages-1;
  }
  function filter(){
    var s=fStatus.value,f=fFormat.value,t=fText.value.trim().toLowerCase();
    matching=order.filter(function(i){var r=rows[i];
      return (!s||r.getAttribute('data-status')===s)&&(!f||r.getAttribute('data-format')===f)&&
             (!t||text[i].indexOf(t)>=0);});
    page=0;show();
  }
  Array.prototype.forEach.call(heads,function(th,col){
    if(!th.classList.contains('sortable'))return;
    th.addEventListener('click',function(){
      var numeric=th.getAttribute('data-type')==='num';
      var dir=th.getAttribute('aria-sort')==='ascending'?-1:1;
      Array.prototype.forEach.call(heads,function(h){h.removeAttribute('aria-sort');});
      th.setAttribute('aria-sort',dir>0?'ascending':'descending');
      var k=key(col,numeric);
      var cmp=numeric?function(x,y){return x<y?-1:x>y?1:0;}:collator.compare;
      order.sort(function(a,b){return cmp(k[a],k[b])*dir||a-b;});
      var frag=document.createDocumentFragment();
      order.forEach(function(i){frag.appendChild(rows[i]);});
      tbody.appendChild(frag);
      filter();
    });
  });
  rows.forEach(function(r,i){if(!r.hidden)visible.push(i);});  // the first page, as served
  fStatus.addEventListener('change',filter);fFormat.addEventListener('change',filter);
  fText.addEventListener('input',filter);fPage.addEventListener('change',function(){page=0;show();});
  prev.addEventListener('click',function(){page--;show();});
  next.addEventListener('click',function(){page++;show();});
  filter();place();
})();
